import { ListVideo, Pencil, Play, Plus } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function PlaylistsPage() {
  return (
    <PlaceholderPage
      title="Playlists"
      description="Ordered loops of images, videos and ad slots that your screens play."
      icon={ListVideo}
    />
  );
}

export function NewPlaylistPage() {
  return (
    <PlaceholderPage
      title="New playlist"
      description="Build a playlist from your content library and add ad slots for paid campaigns."
      icon={Plus}
    />
  );
}

export function EditPlaylistPage() {
  return (
    <PlaceholderPage
      title="Edit playlist"
      description="Reorder items, change image durations and ad-slot lengths."
      icon={Pencil}
    />
  );
}

export function PlaylistPlayerPage() {
  return (
    <PlaceholderPage
      title="Playlist preview"
      description="Watch the playlist exactly as a TV will play it."
      icon={Play}
    />
  );
}
