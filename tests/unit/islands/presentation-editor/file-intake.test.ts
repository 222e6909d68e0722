import { describe, expect, it } from 'vitest';
import { refusal, refusalAfterCompression, takeFiles } from '../../../../islands/presentation-editor/file-intake.ts';
import { MAX_UPLOAD_BYTES } from '../../../../src/shared/constants.ts';
import { MAX_PAGES } from '../../../../src/shared/presentations/model.ts';

const f = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('file intake of a presentation (documentation §5)', () => {
  it('takes pictures, PDF documents and MP4 videos; refuses what the server would refuse, naming the file', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf', 'video/mp4', 'image/heic'].map((t) => refusal(f('x', t)))).toEqual(
      Array(7).fill(undefined),
    );
    expect(refusal(f('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toBe(
      "'notes.docx' cannot be added: only pictures (JPEG, PNG, WebP, GIF), PDF documents and MP4 videos can be pages.",
    );
    expect(refusal(f('clip.mov', 'video/quicktime'))).toMatch(/^'clip.mov' cannot be added/);
    expect(refusal(f('logo.svg', 'image/svg+xml'))).toMatch(/cannot be added/);
    expect(refusal(f('empty.pdf', 'application/pdf', 0))).toBe("'empty.pdf' cannot be added: the file is empty.");
    expect(refusal(f('big.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1))).toBe("'big.pdf' cannot be added: a file may be at most 25 MB.");
    // A big picture is compressed first, and judged after.
    expect(refusal(f('big.png', 'image/png', MAX_UPLOAD_BYTES + 1))).toBeUndefined();
    expect(refusalAfterCompression(f('big.jpg', 'image/jpeg', MAX_UPLOAD_BYTES + 1), 'big.png')).toBe("'big.png' cannot be added: a file may be at most 25 MB.");
    expect(refusalAfterCompression(f('a.heic', 'image/heic'), 'a.heic')).toMatch(/cannot read the picture/);
    expect(refusal(f(`${'n'.repeat(300)}.pdf`, 'application/pdf'))).toMatch(/longer than 255 characters/);
  });

  it('keeps the order of the files it takes and stops at the page limit', () => {
    const { accepted, refused } = takeFiles([f('a.jpg', 'image/jpeg'), f('b.txt', 'text/plain'), f('c.pdf', 'application/pdf')], 0);
    expect(accepted.map((x) => x.name)).toEqual(['a.jpg', 'c.pdf']);
    expect(refused).toHaveLength(1);
    const full = takeFiles([f('a.jpg', 'image/jpeg'), f('b.jpg', 'image/jpeg')], MAX_PAGES - 1);
    expect(full.accepted).toHaveLength(1);
    expect(full.refused).toEqual([`'b.jpg' cannot be added: a presentation has at most ${MAX_PAGES} pages.`]);
  });
});
