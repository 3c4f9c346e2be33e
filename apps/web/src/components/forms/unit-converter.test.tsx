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

  it('takes feet and inches and decimal commas: 5\'10" is 177.8 cm', async () => {
    const user = userEvent.setup();
    await renderWithApp(<UnitConverter {...texts} />);
    await user.click(screen.getByText('Convert'));
    await user.type(screen.getByLabelText('Feet'), `5'10"`);
    expect(screen.getByLabelText('Feet')).toHaveAccessibleDescription('177.8 cm');
    await user.clear(screen.getByLabelText('Feet'));
    await user.type(screen.getByLabelText('Feet'), '5,9');
    expect(screen.getByLabelText('Feet')).toHaveAccessibleDescription('179.8 cm');
    await user.type(screen.getByLabelText('Pounds'), '180,5');
    expect(screen.getByLabelText('Pounds')).toHaveAccessibleDescription('81.9 kg');
  });

  it('refuses implausible and unreadable figures as they are typed, and will not apply them', async () => {
    const user = userEvent.setup();
    const onHeight = vi.fn();
    await renderWithApp(
      <UnitConverter {...texts} feet={{ ...texts.feet, apply: { label: 'Use height', onApply: onHeight } }} />,
    );
    await user.click(screen.getByText('Convert'));
    const feet = screen.getByLabelText('Feet');
    // 1 foot is 30.5 cm: below the shortest height the server takes, and said so before any submit.
    await user.type(feet, '1');
    expect(feet).toHaveAccessibleDescription('Not plausible: 50–250 cm');
    expect(feet).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Use height' })).toBeDisabled();
    await user.type(feet, '{Enter}');
    expect(onHeight).not.toHaveBeenCalled();
    await user.clear(feet);
    await user.type(feet, "5'13");
    expect(feet).toHaveAccessibleDescription('Type feet and inches, such as 5\'10"');
    await user.type(screen.getByLabelText('Pounds'), '900');
    expect(screen.getByLabelText('Pounds')).toHaveAccessibleDescription('Not plausible: 15–300 kg');
    await user.clear(feet);
    await user.type(feet, '6');
    expect(feet).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Use height' }));
    expect(onHeight).toHaveBeenCalledWith(182.9);
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
