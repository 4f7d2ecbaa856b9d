import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config/env';

/**
 * The secret that signs session cookies and encrypts two-factor secrets.
 * AUTH_SECRET wins; otherwise one is made on first start and kept in
 * DATA_DIR/auth-secret (mode 600), so a laptop install needs no setup.
 * Several servers behind one address must share AUTH_SECRET.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  if (config.nodeEnv === 'test') return 'test-secret-that-is-at-least-32-characters-long';
  const file = path.join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
