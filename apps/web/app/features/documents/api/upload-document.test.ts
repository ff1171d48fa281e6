import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { uploadDocument } from './upload-document.ts';

/** A stand-in for XMLHttpRequest that the test drives: progress, answer, failure. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const file = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png' });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('document upload with progress', () => {
  it('posts the file as the multipart part "file" with the cookie and the page language', async () => {
    const done = uploadDocument('national_id', file(), 'pt-BR', () => undefined);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/me/documents/national_id');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['accept-language']).toBe('pt-BR');
    const part = xhr.body?.get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('id.png');
    xhr.answer(201, { id: 'd1', type: 'national_id', status: 'uploaded' });
    await expect(done).resolves.toMatchObject({ id: 'd1', status: 'uploaded' });
  });

  it('reports the fraction of the file sent as it goes', async () => {
    const seen: number[] = [];
    const done = uploadDocument('selfie_with_id', file(), 'en-US', (f) => seen.push(f));
    const xhr = FakeXhr.last!;
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(201, { id: 'd2' });
    await done;
    expect(seen).toEqual([0.25, 1]);
  });

  it("rejects with the server's code and message when the server refuses the file", async () => {
    const done = uploadDocument('proof_of_address', file(), 'en-US', () => undefined);
    FakeXhr.last!.answer(413, {
      error: {
        code: 'DOCUMENT_TOO_LARGE',
        message: 'The file is larger than 5MB.',
        requestId: 'r',
      },
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'DOCUMENT_TOO_LARGE',
      message: 'The file is larger than 5MB.',
    });
  });

  it('rejects with a generic message in the page language when the connection fails', async () => {
    const done = uploadDocument('national_id', file(), 'pt-BR', () => undefined);
    FakeXhr.last!.onerror?.();
    await expect(done).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Ocorreu um erro. Tente novamente ou fale com o suporte.',
    });
  });

  it('aborts the request when its signal fires', async () => {
    const controller = new AbortController();
    const done = uploadDocument('national_id', file(), 'en-US', () => undefined, controller.signal);
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
