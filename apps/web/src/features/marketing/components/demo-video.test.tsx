import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { DemoVideo } from './demo-video';

describe('DemoVideo', () => {
  it('shows a disabled "coming soon" state and no player without a video id', async () => {
    const { container } = await renderWithApp(<DemoVideo videoId={undefined} />);
    expect(screen.getByText('The demo video is coming soon.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play the demo video' })).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('contacts YouTube only after the visitor presses play', async () => {
    const { container } = await renderWithApp(<DemoVideo videoId="abc123XYZ_-" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText(/Nothing is loaded from YouTube until you press play/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Play the demo video' }));

    const player = screen.getByTitle('OpenMat demo video');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc123XYZ_-?autoplay=1');
    expect(player).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Play the demo video' })).toBeNull();
  });

  it('starts from the keyboard and escapes the id in the address', async () => {
    await renderWithApp(<DemoVideo videoId="a/b?c" />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Play the demo video' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTitle('OpenMat demo video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/a%2Fb%3Fc?autoplay=1',
    );
  });
});
