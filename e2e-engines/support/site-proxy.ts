import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

/** What the proxy serves itself, on a path of its own that the site never uses. */
const PROBE_PREFIX = '/__engines/';
const PROBE_FILES: Record<string, string> = {
  'testing-library.js': readFileSync(require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.js'), 'utf8'),
  'page-probe.js': readFileSync(new URL('./page-probe.js', import.meta.url), 'utf8'),
};
const PROBE_TAGS = Object.keys(PROBE_FILES)
  .map((file) => `<script src="${PROBE_PREFIX}${file}"></script>`)
  .join('');

export interface ProxiedRequest {
  method: string;
  path: string;
  /** The site's answer, or 0 when the proxy failed the request on purpose. */
  status: number;
  setCookies: string[];
}

export interface PageReport {
  kind: string;
  text: string;
  page: string;
}

/**
 * A small HTTP proxy in front of the built site, the same for every engine: it puts the page probe
 * (error reports and Testing Library's queries) into each HTML page, records every request and its
 * answer (classic WebDriver has no network events), and can fail requests as a network outage
 * would, without touching the site's own code or its Content-Security-Policy.
 */
export class SiteProxy {
  readonly requests: ProxiedRequest[] = [];
  readonly reports: PageReport[] = [];
  private failing: RegExp[] = [];
  private inFlight = 0;
  private readonly server: http.Server;

  private constructor(
    private readonly target: URL,
    server: http.Server,
  ) {
    this.server = server;
  }

  static async start(siteUrl: string): Promise<SiteProxy> {
    const server = http.createServer();
    const proxy = new SiteProxy(new URL(siteUrl), server);
    server.on('request', (request, response) => proxy.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Requests whose path matches fail from now on as if the network dropped them. */
  fail(path: RegExp): void {
    this.failing.push(path);
  }

  /** Forgets what was recorded and stops failing requests: each test starts clean. */
  reset(): void {
    this.requests.length = 0;
    this.reports.length = 0;
    this.failing = [];
  }

  /** Waits until no request of the site's is on its way (at most `timeout` ms). */
  async idle(timeout = 5_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const path = request.url ?? '/';
    if (path.startsWith(PROBE_PREFIX)) {
      this.serveProbe(request, response, path.slice(PROBE_PREFIX.length));
      return;
    }
    const method = request.method ?? 'GET';
    if (this.failing.some((pattern) => pattern.test(path))) {
      this.requests.push({ method, path, status: 0, setCookies: [] });
      request.socket.destroy();
      return;
    }
    this.inFlight++;
    response.on('close', () => this.inFlight--);
    const headers = { ...request.headers };
    // Bodies come back plain, so a page can be read and added to, and never as a 304 to a page the
    // browser holds without the probe.
    delete headers['accept-encoding'];
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
    const upstream = http.request(
      { host: this.target.hostname, port: this.target.port, method, path, headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const setCookie = answer.headers['set-cookie'] ?? [];
        this.requests.push({ method, path, status, setCookies: setCookie });
        const isPage = String(answer.headers['content-type']).startsWith('text/html');
        if (!isPage) {
          response.writeHead(status, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8').replace('</head>', `${PROBE_TAGS}</head>`);
          const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
          response.writeHead(status, { ...rest, 'cache-control': 'no-store' });
          response.end(html);
        });
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  }

  private serveProbe(request: http.IncomingMessage, response: http.ServerResponse, name: string): void {
    if (name === 'report' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        try {
          this.reports.push(JSON.parse(body) as PageReport);
        } catch {
          this.reports.push({ kind: 'unreadable report', text: body, page: '' });
        }
        response.writeHead(204).end();
      });
      return;
    }
    const file = PROBE_FILES[name];
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    response.end(file);
  }
}
