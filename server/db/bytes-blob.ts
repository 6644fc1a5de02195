/**
 * Bytes already in memory, as the Blob PGlite asks for (its file bundle, a data directory to
 * load), handed over without a copy. PGlite reads such a Blob with `arrayBuffer()` alone, and
 * Node 20's own Blob copies its bytes in and copies them out again in small chunks: 60 to 90 ms
 * for the 6 MB bundle at every start of the embedded database, and 0.55 s for the tests' 42 MB
 * snapshot, once per test file, on a two-core machine (issue 29). The bytes must not change
 * afterwards: whoever reads them shares them.
 */
export class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  #copy: Blob | undefined;

  constructor(bytes: Uint8Array) {
    super();
    this.#bytes = bytes;
  }

  override get size() {
    return this.#bytes.byteLength;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    // A view of part of a larger buffer (a small file's read, say) is copied to stand alone.
    if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
    return new Uint8Array(this.#bytes).buffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  // The rest of a Blob, for anyone else who reads it: from a real Blob of the same bytes.
  override slice(start?: number, end?: number, contentType?: string) {
    return this.#asBlob().slice(start, end, contentType);
  }

  override stream() {
    return this.#asBlob().stream();
  }

  override text() {
    return this.#asBlob().text();
  }

  #asBlob() {
    this.#copy ??= new Blob([new Uint8Array(this.#bytes)]);
    return this.#copy;
  }
}
