/** An image to send with the feedback: its encoded bytes, their type and its size in pixels. */
export interface Screenshot {
  blob: Blob;
  /** `image/png`, `image/jpeg` or `image/webp`: what the key proxy takes. */
  type: string;
  width: number;
  height: number;
}
