import { describe, expect, it } from 'vitest';
import { youtubeId } from './youtube.ts';

describe('the video id of a YouTube link', () => {
  it('reads every usual form of link', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ])
      expect(youtubeId(url), url).toBe('dQw4w9WgXcQ');
  });

  it('refuses links that are not a YouTube video', () => {
    for (const url of [
      'not a link',
      'https://www.youtube.com/@permuta-example',
      'https://vimeo.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    ])
      expect(youtubeId(url), url).toBeNull();
  });
});
