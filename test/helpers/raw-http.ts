import { connect } from 'node:net';

/**
 * Writes `request` as it is (bytes a client library would refuse to send: a bad header, a body
 * short of its Content-Length) to a listening app, ends its side, and gives the whole answer text.
 */
export function rawHttp(address: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(address).port), '127.0.0.1');
    let got = '';
    socket.on('data', (d) => {
      got += String(d);
    });
    socket.on('end', () => resolve(got));
    socket.on('error', reject);
    socket.end(request);
  });
}

/**
 * A connection to a listening app that sends bytes only when told to (a request's headers in two
 * parts, the second once the server is in some state): `answer` is everything the server sent,
 * once it closed the connection.
 */
export function rawConnection(address: string): { write(text: string): void; answer: Promise<string> } {
  const socket = connect(Number(new URL(address).port), '127.0.0.1');
  const answer = new Promise<string>((resolve, reject) => {
    let got = '';
    socket.on('data', (d) => {
      got += String(d);
    });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
  return { write: (text) => socket.write(text), answer };
}
