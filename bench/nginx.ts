// The baseline: nginx (Debian package) in its own process, serving the very bytes Sahifa answers
// from files on disk, brotli and gzip copies included, the way a tuned static server would.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface Nginx {
  url: string;
  version: string;
  brotli: boolean;
  stop: () => void;
}

/** One answer in each encoding, written as `name`, `name.br` and `name.gz` under the root. */
export interface StaticFile {
  name: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function nginxVersion(): string | undefined {
  const result = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
  return result.status === 0 ? /nginx\/(\S+)/.exec(result.stderr)?.[1] : undefined;
}

export async function startNginx(options: { dir: string; port: number; cpu: number; files: StaticFile[] }) {
  const { dir, port, cpu, files } = options;
  const root = path.join(dir, 'root');
  for (const file of files) {
    const target = path.join(root, file.name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.identity);
    if (file.br) writeFileSync(`${target}.br`, file.br);
    if (file.gzip) writeFileSync(`${target}.gz`, file.gzip);
  }
  // Workers run as `nobody` when nginx starts as root: they must be able to read the files.
  chmodSync(dir, 0o755);
  if (process.getuid?.() === 0) chmodSync(path.dirname(dir), 0o755);
  const brotli = existsSync(BROTLI_MODULE);
  const config = `
${brotli ? `load_module ${BROTLI_MODULE};` : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 10000000;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  client_body_temp_path ${dir}/body;
  types { text/html html; application/json json; text/javascript js; text/css css; }
  gzip_static on;
  ${brotli ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const child: ChildProcess = spawn('taskset', ['-c', String(cpu), 'nginx', '-c', configFile, '-p', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`${url}/${files[0]?.name ?? ''}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, version: nginxVersion() ?? '?', brotli, stop: () => child.kill('SIGQUIT') };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // SIGTERM, not SIGKILL: the master stops its worker too.
  child.kill('SIGTERM');
  throw new Error('nginx did not start (install it: apt-get install nginx-light); its error is above');
}
