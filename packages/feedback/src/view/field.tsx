import type { ComponentChildren, VNode } from 'preact';
import type { FieldName } from '../model/errors.ts';

/** Attributes that tie a control to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  class: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  name: FieldName;
  label: string;
  error: string | undefined;
  hint?: ComponentChildren;
  children: (control: FieldControlProps) => VNode;
}

/** A labelled form control with its hint and its error right beside it, referenced for screen readers. */
export function Field({ name, label, error, hint, children }: FieldProps) {
  const id = `hk-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div class="hk-field">
      <label class="hk-label" for={id}>
        {label}
      </label>
      {children({
        id,
        class: 'hk-input',
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <span id={`${id}-hint`} class="hk-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} class="hk-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
