import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Request {
  method: string;
  /** The path as sent: `/<bucket>/<key>` (path-style). */
  path: string;
  authorization: string | undefined;
}

const ACCESS_KEY_ID = 'AKIDCARERELAYTEST';
const SECRET_ACCESS_KEY = 'test-secret-access-key';
const REGION = 'us-test-1';

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A local double of the S3 API, path-style, for PutObject, GetObject, HeadObject and DeleteObject
 * on one bucket, objects kept in memory. Every request must carry a valid AWS Signature Version 4
 * made with the double's credentials (checked as S3 checks it: the canonical request, signed with
 * the key derived from the secret, date, region and service), else 403 as S3 answers; `down`
 * answers everything 503, as during an outage. `env` points the app at it.
 */
export class S3Double {
  readonly bucket = 'carerelay-attachments';
  readonly objects = new Map<string, Buffer>();
  readonly requests: S3Request[] = [];
  down = false;
  url = '';
  private readonly server: Server;

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, Buffer.concat(chunks), response));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The app's settings for keeping attachments in this double. */
  get env(): Record<string, string> {
    return {
      ATTACHMENT_STORAGE: 's3',
      S3_BUCKET: this.bucket,
      S3_REGION: REGION,
      S3_ENDPOINT: this.url,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  private handle(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://double');
    this.requests.push({ method, path: url.pathname, authorization: request.headers.authorization });
    const send = (status: number, xml?: string) => {
      response.writeHead(status, xml ? { 'content-type': 'application/xml' } : {});
      // A HEAD answer carries no body, like S3's.
      response.end(method === 'HEAD' ? undefined : xml);
    };
    if (this.down) return send(503, errorXml('ServiceUnavailable', 'Please reduce your request rate.'));
    if (!this.signatureValid(request, url, body)) return send(403, errorXml('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'));
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== this.bucket) return send(404, errorXml('NoSuchBucket', 'The specified bucket does not exist'));
    if (!key) return send(400, errorXml('InvalidRequest', 'A key is required.'));
    const object = this.objects.get(key);
    if (method === 'PUT') {
      this.objects.set(key, body);
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      return;
    }
    if (method === 'DELETE') {
      this.objects.delete(key);
      return send(204);
    }
    if (method === 'GET' || method === 'HEAD') {
      if (!object) return send(404, errorXml('NoSuchKey', 'The specified key does not exist.'));
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length, etag: `"${createHash('md5').update(object).digest('hex')}"` });
      response.end(method === 'HEAD' ? undefined : object);
      return;
    }
    send(405, errorXml('MethodNotAllowed', 'The specified method is not allowed against this resource.'));
  }

  /** SigV4 as S3 checks it, for this double's one access key and region. */
  private signatureValid(request: IncomingMessage, url: URL, body: Buffer): boolean {
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
    const amzDate = request.headers['x-amz-date'];
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (!match || typeof amzDate !== 'string' || typeof payloadHash !== 'string') return false;
    const [, accessKey, date, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
    if (accessKey !== ACCESS_KEY_ID || region !== REGION || !amzDate.startsWith(date)) return false;
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
    const headerNames = signedHeaders.split(';');
    if (!headerNames.includes('host') || !headerNames.includes('x-amz-date')) return false;
    const canonicalHeaders = headerNames.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
    const query = [...url.searchParams.entries()]
      .map(([name, value]) => [encode(name), encode(value)] as const)
      .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
    const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, date), region), 's3'), 'aws4_request');
    return createHmac('sha256', signingKey).update(toSign).digest('hex') === signature;
  }
}
