/**
 * The video id of a YouTube link (watch?v=, youtu.be/, /embed/, /shorts/, /live/), or null when
 * the link is not a YouTube video.
 */
export function youtubeId(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^(www|m)\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = parsed.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = parsed.pathname.split('/');
    id =
      first === 'watch'
        ? parsed.searchParams.get('v')
        : first === 'embed' || first === 'shorts' || first === 'live'
          ? (second ?? null)
          : null;
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}
