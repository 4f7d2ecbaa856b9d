/** Largest side of a thumbnail taken from a video, px (the server makes 640/1280 px variants). */
const MAX_SIDE = 1280;
const LOAD_TIMEOUT_MS = 15_000;

function once(target: EventTarget, event: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const onEvent = () => {
      cleanup();
      resolve();
    };
    const onError = () => {
      cleanup();
      reject(new Error('the video could not be read'));
    };
    const cleanup = () => {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
    };
    target.addEventListener(event, onEvent, { once: true });
    target.addEventListener('error', onError, { once: true });
  });
}

/** Draws the video's current frame into a JPEG (at most 1280 px on its longer side). */
export function drawVideoFrame(video: HTMLVideoElement): Promise<Blob> {
  const { videoWidth: w, videoHeight: h } = video;
  if (!w || !h) return Promise.reject(new Error('the video has no picture yet'));
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no canvas'));
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the frame could not be encoded'))),
      'image/jpeg',
      0.86,
    );
  });
}

/**
 * A thumbnail for a video post, taken in the browser (the server has no video decoder): the frame
 * at `atSeconds` (about 1 s in, or the middle of a shorter clip).
 */
export async function captureVideoFrame(file: Blob, atSeconds = 1): Promise<Blob> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata', LOAD_TIMEOUT_MS);
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? video.duration : atSeconds * 2;
    const seeked = once(video, 'seeked', LOAD_TIMEOUT_MS);
    video.currentTime = Math.max(0, Math.min(atSeconds, duration / 2));
    await seeked;
    return await drawVideoFrame(video);
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
