// A push service and a browser's side of Web Push, for the tests: the
// browser's own push service needs the internet, so the page's PushManager
// hands out the address of a local one and keys made here, and the tests
// decrypt what the server sent (RFC 8291) with Node's crypto.

import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** A push service on 127.0.0.1 that keeps every request. */
export async function pushService() {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Never what keeps the test process alive, whatever the test's outcome.
  server.unref();
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const b64url = (buf) => Buffer.from(buf).toString('base64url');

/** An aes128gcm body (RFC 8188) decrypted with the browser's keys (RFC 8291). */
export function decrypt(body, ecdh, authSecret) {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding.
  return JSON.parse(padded.subarray(0, padded.lastIndexOf(2)).toString('utf8'));
}

/** In the page, before the app: a PushManager that subscribes to the local service. */
export function fakePushManager({ endpoint, p256dh, auth }) {
  let current = null;
  const subscription = {
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  };
  PushManager.prototype.subscribe = async function subscribe(options) {
    window.__subscribedWith = options?.applicationServerKey?.byteLength ?? 0;
    current = subscription;
    return subscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return current;
  };
}

/** A browser's push keys for a subscription at `${service.base}/push/${id}`:
 *  `keys` for `fakePushManager`, `ecdh` and `authSecret` for `decrypt`. */
export function browserKeys(service, id) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const keys = { endpoint: `${service.base}/push/${id}`, p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) };
  return { ecdh, authSecret, keys };
}
