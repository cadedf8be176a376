import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** SPEC §8: a page chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

export type ScreenModule = { default: ComponentType };
export type LazyScreen = {
  /** The current lazy component; stable until retry(), so a loaded screen is never re-fetched. */
  current: () => LazyExoticComponent<ComponentType>;
  /** React.lazy remembers a rejection forever, so a retry needs a fresh lazy component. */
  retry: () => void;
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(`Chunk not loaded after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function lazyWithRetry(load: () => Promise<ScreenModule>, timeoutMs = CHUNK_TIMEOUT_MS): LazyScreen {
  const create = () => lazy(() => withTimeout(load(), timeoutMs));
  let component = create();
  return {
    current: () => component,
    retry: () => {
      component = create();
    },
  };
}
