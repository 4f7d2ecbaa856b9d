/** The one place that decides which upload fields leave the server. */
import type { Upload, UploadKind } from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import type { UploadRow } from './uploads.repository';

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    url: fileUrl(row.key)!,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    size: Number(row.size),
  };
}
