/** HMAC keys made from the server's secret, imported once per key material (Web Crypto: Node and the Worker). */
const keys = new Map<string, Promise<CryptoKey>>();

/**
 * HMAC-SHA-256 of `message` under a key made of `keyMaterial` (the server's secret, or a purpose
 * and the secret): a digest no one without the secret can make or check.
 */
export async function hmacSha256(keyMaterial: string, message: string): Promise<ArrayBuffer> {
  let key = keys.get(keyMaterial);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(keyMaterial), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(keyMaterial, key);
  }
  return crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(message));
}
