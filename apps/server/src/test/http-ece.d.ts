/** Types of the slice of `http_ece` (RFC 8188 content encoding) the push stand-in uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface EceParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiver's key pair. */
    privateKey?: ECDH;
    /** base64url or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    keyid?: string | Buffer;
  }

  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer;
    encrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
