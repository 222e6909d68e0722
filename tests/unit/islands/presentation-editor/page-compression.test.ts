import { describe, expect, it } from 'vitest';
import { fitWithin, limitsFor } from '../../../../elements/shared/image-compression.ts';
import { PRESENTATION_PAGE, PRESENTATION_SMALL_PICTURE } from '../../../../islands/presentation-editor/page-compression.ts';
import { smallPictureSize } from '../../../../src/shared/presentations/small-picture.ts';

describe('a presentation page before upload (documentation §5)', () => {
  it('compresses presentation pages at quality 0.6 within 2560×1440 landscape and 1440×2560 portrait', () => {
    expect(PRESENTATION_PAGE.quality).toBe(0.6);
    const fit = (w: number, h: number) => {
      const limits = limitsFor(PRESENTATION_PAGE, w, h);
      return fitWithin(w, h, limits.maxWidth, limits.maxHeight);
    };
    expect(fit(4000, 3000)).toEqual({ width: 1920, height: 1440 });
    expect(fit(3000, 4000)).toEqual({ width: 1440, height: 1920 });
    expect(fit(5120, 2880)).toEqual({ width: 2560, height: 1440 });
    expect(fit(2880, 5120)).toEqual({ width: 1440, height: 2560 });
    expect(fit(3000, 3000)).toEqual({ width: 1440, height: 1440 });
    expect(fit(800, 1200)).toEqual({ width: 800, height: 1200 });
  });

  it('makes its phone-size picture at the same quality within 1280×1280: the size the viewer expects', () => {
    expect(PRESENTATION_SMALL_PICTURE.quality).toBe(PRESENTATION_PAGE.quality);
    for (const [w, h] of [[2560, 1440], [1440, 2560], [1440, 1440], [1921, 1081], [1281, 3]] as const) {
      expect(fitWithin(w, h, PRESENTATION_SMALL_PICTURE.maxWidth, PRESENTATION_SMALL_PICTURE.maxHeight)).toEqual(smallPictureSize({ width: w, height: h }));
    }
  });

});
