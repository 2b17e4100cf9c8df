/**
 * A bench's own HTTP server on a free loopback port: its URL and a close that ends open
 * keep-alive connections too (a browser or an agent keeps them), so a run never waits on one.
 */

/**
 * @param {import('node:http').Server} server
 * @param {() => void} [after] what else to release once the server is closing (an agent's pool)
 */
export async function listenLocal(server, after) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        after?.();
      }),
  };
}
