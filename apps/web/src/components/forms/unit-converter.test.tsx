import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { UnitConverter } from './unit-converter';

const texts = {
  summary: 'Convert',
  lead: 'Type a number.',
  feet: { label: 'Feet', unit: 'cm' },
  pounds: { label: 'Pounds', unit: 'kg' },
};

describe('UnitConverter', () => {
  it('converts without apply buttons, formatting in the UI language', async () => {
    const user = userEvent.setup();
    await renderWithApp(<UnitConverter {...texts} />, { language: 'pl' });
    await user.click(screen.getByText('Convert'));
    await user.type(screen.getByLabelText('Pounds'), '150');
    await user.type(screen.getByLabelText('Feet'), '5.9');
    expect(screen.getByLabelText('Pounds')).toHaveAccessibleDescription('68,0 kg');
    expect(screen.getByText('179,8 cm')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('hands a result on with its button and with Enter', async () => {
    const user = userEvent.setup();
    const onHeight = vi.fn();
    const onWeight = vi.fn();
    await renderWithApp(
      <UnitConverter
        {...texts}
        feet={{ ...texts.feet, apply: { label: 'Use height', onApply: onHeight } }}
        pounds={{ ...texts.pounds, apply: { label: 'Use weight', onApply: onWeight } }}
      />,
    );
    await user.click(screen.getByText('Convert'));
    const useHeight = screen.getByRole('button', { name: 'Use height' });
    expect(useHeight).toBeDisabled();
    await user.type(screen.getByLabelText('Feet'), '6');
    await user.click(useHeight);
    expect(onHeight).toHaveBeenCalledWith(182.9);
    await user.type(screen.getByLabelText('Pounds'), '180{Enter}');
    expect(onWeight).toHaveBeenCalledWith(81.6);
  });
});
