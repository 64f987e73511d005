// nginx (Debian's nginx-light) as a round-robin load balancer in front of Sahifa processes, for tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, killTree, type Started, sleep, start } from './support.js';

export interface Balancer {
  url: string;
  process: Started;
  stop: () => void;
}

/**
 * Starts nginx in the foreground with its own files in `dir`. Each answer names the process that
 * served it in `X-Upstream`, so tests can see the round robin. Like a production balancer it gives a
 * request to the other process when one cannot be reached, and keeps idle upstream connections for
 * less time (30 s) than Sahifa does (65 s).
 */
export async function startBalancer(dir: string, upstreams: string[]): Promise<Balancer> {
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const port = await freePort();
  const config = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream sahifa {
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 8;
    keepalive_timeout 30s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://sahifa;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const nginx = start('nginx', ['-p', dir, '-c', file, '-e', path.join(dir, 'logs/error.log')]);
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const ready = await fetch(`${url}/api/v1/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { url, process: nginx, stop: () => killTree(nginx.child.pid) };
    if (nginx.child.exitCode !== null) break;
    await sleep(100);
  }
  killTree(nginx.child.pid);
  throw new Error(`nginx did not start:\n${nginx.output()}`);
}
