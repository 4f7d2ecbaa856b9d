/**
 * The floor of `live.suite.ts`: a bare `ws` WebSocketServer in its own process. Every socket
 * that connects receives each broadcast; `POST /broadcast` with `{ "postId", "likeCount" }`
 * serialises a `post.liked`-shaped event once (UTF-8 bytes), sends it to every open socket, then answers 204.
 * No authentication, no topics, no database: what loopback fan-out costs on this machine.
 *
 *   node --import tsx bench/live-baseline-server.ts <port>
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const clients = new Set<WebSocket>();
const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { postId, likeCount } = JSON.parse(Buffer.concat(chunks).toString()) as {
      postId: string;
      likeCount: number;
    };
    // Encoded once, sent as text without compression: the cheapest a bare ws server can do.
    const data = Buffer.from(
      JSON.stringify({
        type: 'post.liked',
        topic: `post:${postId}`,
        postId,
        likeCount,
        actorId: '0190a0b0-0000-7000-8000-000000000000',
      }),
    );
    for (const ws of clients) ws.send(data, { binary: false, compress: false });
    res.writeHead(204).end();
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws) => {
  clients.add(ws);
  ws.on('close', () => clients.delete(ws));
  ws.on('error', () => ws.terminate());
});
server.listen(port, '127.0.0.1', () => process.send?.({ listening: port }));
process.on('disconnect', () => process.exit(0));
