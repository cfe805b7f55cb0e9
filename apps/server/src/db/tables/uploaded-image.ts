/** The columns of an image a member uploaded, kept as a file of its own (chat images, dispute evidence). */
export interface UploadedImageColumns {
  uploaderId: string;
  /** The file's name in its upload directory. */
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}
