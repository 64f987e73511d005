// The ceiling of Node's own HTTP server on this machine: node:http alone, with no framework, sending
// the very answers Sahifa sends (bytes and headers) from memory. Sahifa runs on Node, so this is as
// fast as it could ever serve them; the benchmark reports Sahifa's share of it beside nginx's.
// Started by bench/run.ts: `node node-ceiling.mjs <port> <answers.json>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, answersFile] = process.argv.slice(2);
/** @type {Record<string, Record<'identity' | 'br' | 'gzip', { headers: Record<string, string>, body: string }>>} */
const answers = JSON.parse(readFileSync(answersFile, 'utf8'));
const ready = Object.fromEntries(
  Object.entries(answers).map(([url, encodings]) => [
    url,
    Object.fromEntries(
      Object.entries(encodings).map(([encoding, { headers, body }]) => {
        const bytes = Buffer.from(body, 'base64');
        return [encoding, { headers: { ...headers, 'content-length': String(bytes.length) }, bytes }];
      }),
    ),
  ]),
);

createServer((request, response) => {
  const answer = ready[request.url ?? ''];
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  const { headers, bytes } =
    (accepted.includes('br') && answer.br) || (accepted.includes('gzip') && answer.gzip) || answer.identity;
  response.writeHead(200, headers);
  response.end(bytes);
}).listen(Number(port), '127.0.0.1');
