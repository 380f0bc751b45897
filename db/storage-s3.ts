import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { type Storage, StorageConfigError, StorageNotFoundError, StorageUnavailableError, checkStorageKey } from './storage.ts';

/** The S3_* settings (server/env.ts). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Empty: AWS itself. A MinIO, Ceph, Garage or s3rver address otherwise. */
  endpoint: string | undefined;
  /** Both or neither; neither: the SDK's own chain (environment, an instance's role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** http://host/bucket/key instead of http://bucket.host/key (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** How long an operation may wait for the server's answer (S3_TIMEOUT_MS). */
  timeoutMs: number;
};

export type S3Storage = Storage & { check(): Promise<void>; close(): void; list(): AsyncIterable<string> };

type Sdk = typeof S3Sdk;
type SdkError = { name?: string; $metadata?: { httpStatusCode?: number }; code?: string };

/** A put also gets a second per megabyte of its body: a large file takes longer to send. */
const PUT_MS_PER_MB = 1000;

const statusOf = (error: unknown) => (error as SdkError)?.$metadata?.httpStatusCode;

/** What of a client error may be said in our message: its class name and HTTP status, never its text. */
function describe(error: unknown): string {
  const name = (error as SdkError)?.name;
  const status = statusOf(error);
  const code = (error as SdkError)?.code;
  return [typeof name === 'string' ? name : 'Error', status ? `HTTP ${status}` : undefined, typeof code === 'string' ? code : undefined]
    .filter(Boolean)
    .join(', ');
}

/** The `length` bytes after the first `skip` of a stream; the rest is not read (the stream is closed). */
async function* exactBytes(body: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let position = 0;
  const end = skip + length;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const from = Math.max(0, skip - position);
    const to = Math.min(chunk.length, end - position);
    position += chunk.length;
    if (to > from) yield chunk.subarray(from, to);
    if (position >= end) return;
  }
}

/**
 * S3-compatible object storage (docs/decisions/016-almacenamiento-s3.md). The SDK is imported on
 * first use, so a site on its local folder never loads it. Keys follow the same rules as the
 * folder's (checkStorageKey); a missing key is StorageNotFoundError, and a server that cannot
 * answer within the timeout (or refuses) is StorageUnavailableError, with the SDK's error as cause.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  let opened: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  let client: S3Client | undefined;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => {
      client = new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
        // Our own deadline bounds each operation (below); the socket's connect is bounded too.
        requestHandler: { connectionTimeout: settings.timeoutMs },
        // Content-MD5 on every put (below) is the integrity check servers of every kind understand;
        // the newer CRC trailers are not (older MinIO, s3rver).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 2,
      });
      return { sdk, client };
    }));

  /**
   * Runs one request with a deadline: past it the request is aborted and the store counts as
   * unavailable. The deadline covers the answer's arrival, not a download's body, which streams
   * for as long as the visitor takes (the route's own bound, server/documentos.ts).
   */
  async function run<T>(deadlineMs: number, key: string | undefined, send: (sdk: Sdk, client: S3Client, signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deadlineMs);
    try {
      const { sdk, client: s3 } = await open();
      return await send(sdk, s3, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) throw new StorageUnavailableError(`sin respuesta en ${deadlineMs} ms`, { cause: error });
      const name = (error as SdkError)?.name;
      if (key !== undefined && (name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket'))) {
        throw new StorageNotFoundError(key);
      }
      throw new StorageUnavailableError(describe(error), { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  const Bucket = settings.bucket;
  return {
    async put(key, data) {
      checkStorageKey(key);
      const ContentMD5 = createHash('md5').update(data).digest('base64');
      const deadline = settings.timeoutMs + Math.ceil(data.length / (1024 * 1024)) * PUT_MS_PER_MB;
      await run(deadline, key, (sdk, s3, abortSignal) =>
        s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentMD5, ContentLength: data.length }), { abortSignal }),
      );
    },
    async get(key, range) {
      checkStorageKey(key);
      const answer = await run(settings.timeoutMs, key, (sdk, s3, abortSignal) =>
        s3.send(new sdk.GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }), { abortSignal }),
      );
      const body = answer.Body as Readable;
      if (!range) return body;
      // A server may answer more than asked (s3rver reads `bytes=0-0` as the whole file; others
      // ignore Range and answer 200): the bytes asked for are cut from what came.
      const from = /^bytes (\d+)-/.exec(answer.ContentRange ?? '')?.[1];
      const skip = range.start - (from === undefined ? 0 : Number(from));
      const length = range.end - range.start + 1;
      if (skip === 0 && answer.ContentLength === length) return body;
      return Readable.from(exactBytes(body, skip, length), { objectMode: false });
    },
    async delete(key) {
      checkStorageKey(key);
      await run(settings.timeoutMs, key, (sdk, s3, abortSignal) => s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await run(settings.timeoutMs, undefined, (sdk, s3, abortSignal) =>
          s3.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }), { abortSignal }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    /**
     * Asks for the bucket (HeadBucket). Settings the server refuses are StorageConfigError, whose
     * message names the setting; a server that does not answer is StorageUnavailableError.
     */
    async check() {
      try {
        await run(settings.timeoutMs, undefined, (sdk, s3, abortSignal) => s3.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal }));
      } catch (error) {
        const cause = error instanceof StorageUnavailableError ? error.cause : error;
        const status = statusOf(cause);
        const name = (cause as SdkError)?.name;
        if (status === 404 || name === 'NoSuchBucket' || name === 'NotFound') {
          throw new StorageConfigError(`S3_BUCKET: el bucket «${Bucket}» no existe en el servidor de S3; crealo o corregí el nombre.`, { cause });
        }
        if (status === 403 || status === 401) {
          throw new StorageConfigError(
            `S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: el servidor de S3 rechazó las credenciales o no dan acceso al bucket «${Bucket}».`,
            { cause },
          );
        }
        if (status === 301 || name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed') {
          throw new StorageConfigError(`S3_REGION: el bucket «${Bucket}» está en otra región que «${settings.region}».`, { cause });
        }
        if (name === 'CredentialsProviderError') {
          throw new StorageConfigError('S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: no hay credenciales para el servidor de S3; completalas.', { cause });
        }
        throw error;
      }
    },
    close() {
      client?.destroy();
    },
  };
}
