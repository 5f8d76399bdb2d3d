import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals repository credentials with AES-256-GCM. The key is derived from a random secret kept in
 * `secretFile` (mode 0600, made on first use), so a copy of the sealed text alone reveals nothing.
 */
export class CredentialsBox {
  #key: Buffer | undefined;

  constructor(private readonly secretFile: string) {}

  /** `iv.tag.ciphertext`, each base64. */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key(), iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64")).join(".");
  }

  /** The plain text of `seal`'s answer; throws when it was altered or sealed with another secret. */
  open(sealed: string): string {
    const [iv, tag, text] = sealed.split(".").map((part) => Buffer.from(part, "base64"));
    if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || text === undefined) throw new Error("sealed credentials are malformed");
    const decipher = createDecipheriv("aes-256-gcm", this.key(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(text), decipher.final()]).toString("utf8");
  }

  private key(): Buffer {
    this.#key ??= Buffer.from(hkdfSync("sha256", this.secret(), Buffer.alloc(0), "baton repository credentials", 32));
    return this.#key;
  }

  private secret(): Buffer {
    if (!existsSync(this.secretFile)) {
      mkdirSync(dirname(this.secretFile), { recursive: true, mode: 0o700 });
      // "wx": two processes starting at once must not overwrite each other's secret.
      writeFileSync(this.secretFile, randomBytes(32), { mode: 0o600, flag: "wx" });
    }
    return readFileSync(this.secretFile);
  }
}
