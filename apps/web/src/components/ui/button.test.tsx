import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

function Form({ busy }: { busy: boolean }) {
  return (
    <>
      <input aria-label="Email" />
      <Button disabled={busy}>Sign in</Button>
    </>
  );
}

/** What a browser does to a focused button that is disabled: the focus falls to the page. */
function focusFallsToThePage() {
  const stand = document.createElement('button');
  document.body.append(stand);
  stand.focus();
  stand.remove();
}

describe('Button', () => {
  it('takes the focus back when it is enabled again after an action it started, if the focus fell to the page', () => {
    const { rerender } = render(<Form busy={false} />);
    const button = screen.getByRole('button', { name: 'Sign in' });
    button.focus();
    rerender(<Form busy />);
    focusFallsToThePage();
    expect(document.body).toHaveFocus();
    rerender(<Form busy={false} />);
    expect(button).toHaveFocus();
  });

  it('leaves the focus where it went meanwhile, and does not take it when it never had it', () => {
    const { rerender } = render(<Form busy={false} />);
    const button = screen.getByRole('button', { name: 'Sign in' });
    const field = screen.getByRole('textbox', { name: 'Email' });
    button.focus();
    rerender(<Form busy />);
    field.focus();
    rerender(<Form busy={false} />);
    expect(field).toHaveFocus();

    field.blur();
    rerender(<Form busy />);
    rerender(<Form busy={false} />);
    expect(document.body).toHaveFocus();
  });
});
