// A small HTTP server that speaks enough of the S3 REST protocol (path-style PutObject, GetObject,
// DeleteObject, ListObjectsV2 with continuation tokens) for the storage adapter's tests, driven
// through the real AWS SDK.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  /** Set by PUT; a test may move it back to age the object. */
  lastModified: Date;
}

export interface FakeS3Options {
  /** Most keys per ListObjectsV2 page (S3's own limit is 1,000), so tests can make it page. */
  maxKeysPerPage?: number;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> */
  url: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** Every request as "METHOD /path", in order. */
  requests: string[];
  /** The Authorization header of the last request. */
  lastAuthorization: string | undefined;
  close(): Promise<void>;
}

function xmlError(res: ServerResponse, status: number, code: string, message: string, resource: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
      `<Resource>${resource}</Resource><RequestId>fake</RequestId></Error>`,
  );
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/**
 * ListObjectsV2: keys in byte order, at most `max-keys` (capped by the server's page size) per
 * page; the continuation token is the last key of the page, opaque to the client.
 */
function listObjects(
  res: ServerResponse,
  bucket: string,
  objects: Map<string, StoredObject>,
  query: URLSearchParams,
  pageSize: number,
) {
  const prefix = query.get('prefix') ?? '';
  const token = query.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64url').toString() : (query.get('start-after') ?? '');
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), pageSize);
  const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const keys = [...objects.keys()]
    .filter((key) => key.startsWith(prefix) && byteOrder(key, after) > 0)
    .sort(byteOrder);
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const last = page.at(-1);
  const contents = page.map((key) => {
    const object = objects.get(key) as StoredObject;
    const etag = createHash('md5').update(object.body).digest('hex');
    return (
      `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
      `<ETag>&quot;${etag}&quot;</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
    );
  });
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      (token ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : '') +
      (truncated && last
        ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>`
        : '') +
      `${contents.join('')}</ListBucketResult>`,
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(bucket = 'sahifa-test', options: FakeS3Options = {}): Promise<FakeS3> {
  const pageSize = options.maxKeysPerPage ?? 1000;
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const state: { lastAuthorization: string | undefined } = { lastAuthorization: undefined };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}`);
    state.lastAuthorization = req.headers.authorization;
    const body = await readBody(req);
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
      return xmlError(res, 403, 'AccessDenied', 'Anonymous access is not allowed', url.pathname);
    }
    if (bucketName !== bucket)
      return xmlError(res, 404, 'NoSuchBucket', 'The bucket does not exist', url.pathname);
    if (!key && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      return listObjects(res, bucket, objects, url.searchParams, pageSize);
    }
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'A key is required', url.pathname);

    switch (req.method) {
      case 'PUT': {
        objects.set(key, {
          body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
          lastModified: new Date(),
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      case 'GET': {
        const object = objects.get(key);
        if (!object)
          return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname);
        res.writeHead(200, {
          'content-type': object.contentType ?? 'application/octet-stream',
          'content-length': object.body.length,
        });
        return res.end(object.body);
      }
      case 'DELETE': {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      default:
        return xmlError(res, 405, 'MethodNotAllowed', 'The method is not allowed', url.pathname);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    get lastAuthorization() {
      return state.lastAuthorization;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The S3_* settings that point the app at this server. */
export function fakeS3Env(s3: FakeS3): Record<string, string> {
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
  };
}
