// A stand-in for tbserve while developing the page: serves dist/ and answers
// /api by running tbprobe --json. Usage: node test/mock_server.mjs TBPROBE DIR PORT
import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const [tbprobe, dir, port = '0'] = process.argv.slice(2);
const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

async function probeJson(args) {
  const { stdout } = await run(tbprobe, args);
  return stdout.trim().split('\n')[0];
}

// What tbserve takes from the game's start(): the empty board, none for chess.
function startOf(game, p) {
  if (game === 'tictactoe') return '.'.repeat(Number(p.m ?? 3) * Number(p.n ?? 3));
  if (game === 'connect4') return '/'.repeat(Number(p.width ?? 7) - 1);
  if (game === 'quixo') return `x:${'.'.repeat(Number(p.n ?? 5) ** 2)}`;
  return null;
}

async function tables() {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.rtb')).sort();
  const out = [];
  for (const file of files) {
    const s = JSON.parse(await probeJson(['--table', path.join(dir, file), '--stats', '--json']));
    const params = Object.fromEntries(s.params.split(',').filter(Boolean).map((kv) => kv.split('=')));
    out.push({ game: s.game, params, file, kind: s.value_kind, start: startOf(s.game, params) });
  }
  return JSON.stringify(out);
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const reply = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    try {
      if (url.pathname === '/api/tables') return reply(200, await tables());
      const m = url.pathname.match(/^\/api\/([a-z0-9_]+)(\/stats)?$/);
      if (m) {
        const args = ['--dir', dir, '--game', m[1], '--json'];
        for (const [k, v] of url.searchParams) if (k !== 'position') args.push('--param', `${k}=${v}`);
        if (m[2]) args.push('--stats');
        else args.push('--position', url.searchParams.get('position') ?? '');
        return reply(200, await probeJson(args));
      }
      const file = path.join(dist, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
      if (!file.startsWith(dist)) return reply(404, '{"error":"not found"}');
      return reply(200, await readFile(file), types[path.extname(file)] ?? 'application/octet-stream');
    } catch (e) {
      const message = (e.stderr || e.message || String(e)).trim().split('\n')[0];
      return reply(e.code === 'ENOENT' ? 404 : 400, JSON.stringify({ error: message }));
    }
  })
  .listen(Number(port), '127.0.0.1', function () {
    console.log(`listening on http://127.0.0.1:${this.address().port}`);
  });
