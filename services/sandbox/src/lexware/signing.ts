import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** A 2048-bit RSA key; kept in dataDir when there is one, so callbacks still verify after a restart. */
export function loadOrCreateKeys(dataDir?: string): KeyPair {
  const file = dataDir ? path.join(dataDir, 'lexware-event-key.json') : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as KeyPair;
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  if (file) writeFileSync(file, JSON.stringify(keys));
  return keys;
}

/** X-Lxo-Signature: base64 RSA-SHA512 over the exact JSON body. */
export function signBody(body: string, privateKey: string): string {
  return createSign('RSA-SHA512').update(body).sign(privateKey, 'base64');
}

export function verifyBody(body: string, signature: string, publicKey: string): boolean {
  return createVerify('RSA-SHA512').update(body).verify(publicKey, signature, 'base64');
}
