/** An image to send with the feedback, re-encoded by the screenshot editor (no metadata). */
export interface ScreenshotImage {
  blob: Blob;
  /** `image/png`, `image/jpeg` or `image/webp`. */
  type: string;
  width: number;
  height: number;
}
