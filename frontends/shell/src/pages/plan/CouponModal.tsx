import { describeError } from '@belegfluss/frontend-kit';
import { Modal, TextField } from '@shopify/polaris';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useShell } from '../../session/ShellContext';
import {
  canRedeem,
  COUPON_MAX_LENGTH,
  couponErrorCode,
  couponErrorText,
  locallyUsedCoupons,
  normalizeCoupon,
  type Coupon,
} from './coupon';

/** The coupon dialog with its input rules and error texts. */
export function CouponModal({ onClose, onRedeemed }: { onClose: () => void; onRedeemed: (coupon: Coupon) => void }) {
  const { api } = useShell();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const check = useMutation({
    mutationFn: (value: string) => api.get<Omit<Coupon, 'code'>>(`/plan/coupon/${encodeURIComponent(value)}`),
    onSuccess: (answer, value) => onRedeemed({ ...answer, code: value }),
    onError: (failure) => {
      const known = couponErrorCode(failure);
      setError(known ? couponErrorText(known) : describeError(failure));
    },
  });

  function redeem() {
    if (!canRedeem(code)) return;
    if (locallyUsedCoupons().includes(code)) {
      setError(couponErrorText('USED'));
      setCode('');
      return;
    }
    setError(undefined);
    check.mutate(code);
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Coupon einlösen"
      primaryAction={{ content: 'Einlösen', onAction: redeem, disabled: !canRedeem(code), loading: check.isPending }}
      secondaryActions={[{ content: 'Abbrechen', onAction: onClose }]}
    >
      <Modal.Section>
        <TextField
          label="Coupon-Code"
          value={code}
          onChange={(value) => {
            setCode(normalizeCoupon(value));
            setError(undefined);
          }}
          maxLength={COUPON_MAX_LENGTH}
          showCharacterCount
          autoComplete="off"
          error={error}
          helpText="Großbuchstaben, Ziffern und Bindestriche; Leerzeichen werden zu Bindestrichen."
        />
      </Modal.Section>
    </Modal>
  );
}
