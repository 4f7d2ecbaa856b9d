import { abortReason } from './retry-policy';
import { networkError, type RawAnswer } from './api-error';

/*
 * One try of one HTTP request, and nothing else: fetch by default, XMLHttpRequest when the caller
 * wants upload progress (fetch cannot report it). Retries, error parsing and schemas are the API
 * client's (api-client.ts), so both paths behave the same.
 */

export interface TransportRequest {
  method: string;
  /** Absolute or same-origin URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
  /** Bytes sent so far in this try (switches to XHR). */
  onUploadProgress?: (loaded: number, total: number) => void;
  /** Every byte of this try is sent; the server is working on it (XHR only). */
  onUploadDone?: () => void;
}

export interface TransportDeps {
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
}

/**
 * Sends one request and resolves with the answer, whatever its status. Rejects with
 * `ApiError(0, 'network-request-failed')` when there is no answer, and with the signal's reason
 * when aborted.
 */
export function sendOnce(req: TransportRequest, deps: TransportDeps = {}): Promise<RawAnswer> {
  return req.onUploadProgress || req.onUploadDone ? sendXhr(req, deps) : sendFetch(req, deps);
}

async function sendFetch(req: TransportRequest, deps: TransportDeps): Promise<RawAnswer> {
  let res: Response;
  try {
    res = await (deps.fetch ?? globalThis.fetch)(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      credentials: 'same-origin',
      signal: req.signal,
    });
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason ?? error;
    throw networkError();
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    if (req.signal?.aborted) throw req.signal.reason ?? error;
    throw networkError();
  }
  return {
    status: res.status,
    statusText: res.statusText,
    text,
    header: (name) => res.headers.get(name),
  };
}

function sendXhr(req: TransportRequest, deps: TransportDeps): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = req;
    if (signal?.aborted) return reject(abortReason(signal));
    const xhr = (deps.createXhr ?? (() => new XMLHttpRequest()))();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.open(req.method, req.url);
    for (const [name, value] of Object.entries(req.headers ?? {}))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) =>
      req.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.upload.onload = () => req.onUploadDone?.();
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        statusText: xhr.statusText ?? '',
        text: xhr.responseText ?? '',
        header: (name) => xhr.getResponseHeader(name),
      });
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortReason(signal));
    };
    xhr.send(req.body ?? null);
  });
}
