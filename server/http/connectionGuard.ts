import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export type ConnectionLimits = {
  /** Open connections one client address may hold before its oldest idle one is closed. */
  perClient: number;
  /** Open connections in all before the oldest idle one (of anyone) is closed. */
  total: number;
};

/**
 * Caps open connections without turning new callers away. Node accepts every connection until the process runs out
 * of file descriptors; a client that opens thousands and never finishes a request header (slowloris) then makes every
 * new connection fail until the headers time-out frees them. Here a new connection is always accepted, and when its
 * client (or the server) is over the cap the oldest connection that is not serving a request is closed: the
 * slow, half-open ones of the flooding client go first, a request in progress is never cut. When every connection
 * is busy with a request, the newcomer is the one closed.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  /** Every open connection not serving a request right now, oldest first (Map keeps insertion order). */
  const idle = new Map<Socket, string>();
  const perClient = new Map<string, Set<Socket>>();
  let total = 0;

  const clientOf = (socket: Socket) => socket.remoteAddress ?? 'unknown';

  const oldestIdle = (client?: string): Socket | undefined => {
    for (const [socket, owner] of idle) if (client === undefined || owner === client) return socket;
    return undefined;
  };

  server.on('connection', (socket: Socket) => {
    const client = clientOf(socket);
    let sockets = perClient.get(client);
    if (!sockets) {
      sockets = new Set();
      perClient.set(client, sockets);
    }
    sockets.add(socket);
    total++;
    idle.set(socket, client);
    socket.once('close', () => {
      idle.delete(socket);
      sockets.delete(socket);
      if (sockets.size === 0) perClient.delete(client);
      total--;
    });
    const victim =
      sockets.size > limits.perClient ? oldestIdle(client) : total > limits.total ? oldestIdle() : undefined;
    if (victim) {
      idle.delete(victim);
      victim.destroy();
    }
  });

  server.on('request', (req, res) => {
    const socket = req.socket;
    idle.delete(socket);
    // Back at the end of the queue once answered: a keep-alive connection waits like a new one.
    res.once('close', () => {
      if (!socket.destroyed) idle.set(socket, clientOf(socket));
    });
  });
}
