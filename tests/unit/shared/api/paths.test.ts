/** The API's addresses (src/shared/api/paths.ts): relative to the base, each id one encoded segment. */
import { describe, expect, it } from 'vitest';
import * as paths from '../../../../src/shared/api/paths.ts';

describe('paths', () => {
  it('are relative to the API base', () => {
    expect(paths.auth.me).toBe('auth/me');
    expect(paths.documentation.folder('f1')).toBe('documentation/folders/f1');
    expect(paths.documentation.acl('document', 'd1')).toBe('documentation/documents/d1/acl');
    expect(paths.documentation.favorite('folder', 'f1')).toBe('documentation/folders/f1/favorite');
    expect(paths.workflow.claim('document', 'a1')).toBe('workflow/assignments/document/a1/claim');
  });

  it('put each id in one encoded segment, so no id reaches another address', () => {
    expect(paths.documentation.document('../folders/x')).toBe('documentation/documents/..%2Ffolders%2Fx');
    expect(paths.documentation.version('d 1', 3)).toBe('documentation/documents/d%201/version/3');
    expect(paths.documentation.media('d1', 'u?x=1')).toBe('documentation/documents/d1/media/u%3Fx%3D1');
    expect(paths.users.user('a#b')).toBe('users/a%23b');
  });

  it("a share link's calls are its checklist's own addresses (src/server/routes/shared-checklist.ts)", () => {
    expect(paths.share.checklist).toBe('share/checklist');
    expect(paths.share.mediaUrls('d1')).toBe(paths.documentation.mediaUrls('d1'));
    expect(paths.share.signContentUpload('d1')).toBe(paths.documentation.signContentUpload('d1'));
    expect(paths.share.submit('d1')).toBe(paths.documentation.data('d1'));
  });
});
