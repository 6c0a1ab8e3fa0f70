/**
 * An upload whose row cannot be written (the database down after the bytes were stored) leaves no bytes behind:
 * bytes nobody's row points at could never be found, served or swept again.
 */
import { describe, expect, it } from 'vitest';
import { createFileService } from '../../src/server/services/files';
import type { FileRepository } from '../../src/server/repositories/files';
import type { FileStore } from '../../src/server/storage';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

function setUp(addFile: () => Promise<void>, deleteFails = false) {
  const objects = new Map<string, Buffer>();
  const store: FileStore = {
    put: async (id, bytes) => void objects.set(id, bytes),
    get: async (id) => objects.get(id) ?? null,
    open: async () => {
      throw new Error('not used here');
    },
    adopt: async () => {
      throw new Error('not used here');
    },
    delete: async (id) => {
      if (deleteFails) throw new Error('the bucket is unavailable too');
      objects.delete(id);
    },
  };
  const repository = {
    uploadedSince: async () => ({ count: 0, bytes: 0 }),
    addFile,
  } as unknown as FileRepository;
  const files = createFileService({
    repository,
    store,
    publicUrl: 'http://localhost',
    clock: { now: () => new Date('2026-11-28T12:00:00Z') },
    quota: { files: 10, bytes: 10_000_000 },
  });
  return { files, objects };
}

describe('an upload whose row cannot be written', () => {
  it('removes the bytes it stored and gives the database’s error to the caller', async () => {
    const down = Object.assign(new Error('Connection terminated'), { code: '57P01' });
    const { files, objects } = setUp(() => Promise.reject(down));
    await expect(files.upload('acc-1', { name: 'licence.pdf', bytes: PDF })).rejects.toBe(down);
    expect(objects.size).toBe(0);
  });

  it('still gives the database’s error when the bytes cannot be removed either', async () => {
    const down = new Error('Connection terminated');
    const { files } = setUp(() => Promise.reject(down), true);
    await expect(files.upload('acc-1', { name: 'licence.pdf', bytes: PDF })).rejects.toBe(down);
  });

  it('keeps the bytes of an upload whose row was written', async () => {
    const { files, objects } = setUp(() => Promise.resolve());
    const answer = await files.upload('acc-1', { name: 'licence.pdf', bytes: PDF });
    expect(answer).toMatchObject({ mime_type: 'application/pdf', size: PDF.length });
    expect([...objects.values()]).toEqual([PDF]);
  });
});
