import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { FormError } from '../../../components/FormError';
import { CardField } from '../../../components/payments/CardField';
import { type CardConfirmer, confirmCard } from '../../../lib/card-payments';
import { useBillingEmail } from '../api/get-billing-email';
import { usePaymentsConfig } from '../api/get-payments-config';

/**
 * What a card checkout needs besides its own order (the membership's, a slot purchase's): how the
 * card is taken, the card field's confirmer, and the account's e-mail handed once to `fillEmail`
 * (after that the field is the person's to change or clear). `confirm` takes the card for a client
 * secret or throws the sentence to show.
 */
export function useCardPayment(enabled: boolean, fillEmail: (email: string) => void) {
  const config = usePaymentsConfig(enabled);
  const billingEmail = useBillingEmail(enabled);
  const controller = useRef<CardConfirmer | null>(null);
  const filled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the e-mail on file fills the field once
  useEffect(() => {
    if (!billingEmail.data || filled.current) return;
    filled.current = true;
    fillEmail(billingEmail.data);
  }, [billingEmail.data]);
  return {
    config,
    controller,
    confirm: (clientSecret: string, email: string) => confirmCard(controller.current, clientSecret, email),
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;

/**
 * The card step of a checkout: what went wrong, the billing e-mail (its value and changes are the
 * checkout's form's) and the card (Stripe's field, or the simulator's in development).
 */
export function CardPayStep({
  payment,
  email,
  error,
}: {
  payment: CardPayment;
  email: Pick<TextInputProps, 'value' | 'onChange' | 'onFocus' | 'onBlur' | 'error'>;
  error: string | null;
}) {
  return (
    <>
      <FormError>{error}</FormError>
      <TextInput label="Email" type="email" autoComplete="email" required {...email} />
      <CardField setup={payment.config.data} controller={payment.controller} />
    </>
  );
}
