import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.js';

// Issue 27: one Field for every form — label, §5 required mark, hint and error, tied to the control.
describe('<Field>', () => {
  it('names the control by its label, marks it required and describes it by error and hint', () => {
    render(
      <Field id="f-phone" label="Phone" required hint="International format" error="Too short">
        {(props) => <input {...props} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Too short International format');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows no error, mark or description it was not given', () => {
    render(
      <Field id="f-city" label="City">
        {(props) => <input {...props} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input).not.toBeRequired();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });
});
