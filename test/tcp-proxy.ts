import net from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /** As a database restart looks to its clients: every open connection drops, new ones are refused. */
  cut(): void;
  /** Connections go through again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a real server (PostgreSQL here), so a test can take the server away from
 * one app — its connections dropped mid-statement, new ones refused — and bring it back, without
 * stopping the server every other test file of the run shares.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
