import { describeError, errorField } from '@belegfluss/frontend-kit';
import { LIMITS, SendDocumentMailSchema } from '@belegfluss/shared';
import { Banner, BlockStack, Button, FormLayout, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { DeleteIcon } from '@shopify/polaris-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../frame/toast';
import { useShell } from '../../session/ShellContext';
import type { OrderDocument } from './documents';

type Errors = Record<string, string>;

/** The schema the gateway validates with, so the dialog names the same fields with the same words. */
function clientErrors(input: unknown): Errors {
  const parsed = SendDocumentMailSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

interface Props {
  orderId: string;
  kind: 'invoice' | 'credit';
  document: OrderDocument;
  label: string;
  defaultRecipient?: string | null;
  onClose: () => void;
}

/** Send one finalised document by e-mail: recipient, subject, message and up to five attachment URLs. */
export function EmailDialog({ orderId, kind, document, label, defaultRecipient, onClose }: Props) {
  const { api } = useShell();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(defaultRecipient ?? '');
  const [subject, setSubject] = useState(`${label} ${document.number ?? ''}`.trim().slice(0, LIMITS.mailSubject));
  const [message, setMessage] = useState('');
  const [attachments, setAttachments] = useState<string[]>([]);
  const [copy, setCopy] = useState('');
  const [signature, setSignature] = useState('');
  // Copy and signature start from the automatic mail's settings of this document type.
  const section = kind === 'credit' ? 'credits' : 'invoices';
  const settings = useQuery({
    queryKey: ['preferences', section],
    queryFn: ({ signal }) => api.get<{ value: Record<string, unknown> }>(`/preferences/${section}`, signal),
  });
  const prefilled = useRef(false);
  useEffect(() => {
    const value = settings.data?.value;
    if (!value || prefilled.current) return;
    prefilled.current = true;
    const mail = (
      kind === 'credit'
        ? { copy: value.creditSendMailCopy, signature: value.creditSendMailSignature }
        : (value.invoiceSendMail ?? {})
    ) as { copy?: unknown; signature?: unknown };
    // A template such as {ORDER.EMAIL} is for the automatic mail; the dialog proposes plain addresses only.
    if (typeof mail.copy === 'string' && !mail.copy.includes('{')) setCopy((c) => c || (mail.copy as string));
    if (typeof mail.signature === 'string') setSignature((s) => s || (mail.signature as string));
  }, [settings.data, kind]);
  const [errors, setErrors] = useState<Errors>({});
  // One dialog is one intent: a repeated click or a retry after a lost answer never sends twice.
  const [intent] = useState(() => crypto.randomUUID());

  const body = {
    receipt: document._key,
    email,
    copy,
    subject,
    message,
    signature,
    attachments: attachments.filter((url) => url.trim() !== ''),
  };
  const send = useMutation({
    mutationFn: () =>
      api.request<{ message?: string }>(`/orders/${encodeURIComponent(orderId)}/${kind}/email`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': intent },
      }),
    onSuccess: async (answer) => {
      toast(answer?.message ?? 'Beleg per E-Mail versendet');
      await queryClient.invalidateQueries({ queryKey: ['orders', 'detail', orderId] });
      onClose();
    },
    onError: (error) => {
      const field = errorField(error);
      if (field) setErrors({ [field]: describeError(error) });
    },
  });

  const submit = () => {
    const found = clientErrors(body);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate();
  };
  const edit = (field: string, apply: () => void) => {
    apply();
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const serverError = send.isError && !errorField(send.error) ? describeError(send.error) : undefined;
  // Attachment errors arrive as `attachments.2`; the row shows its own.
  const attachmentError = (index: number) => errors[`attachments.${index}`];

  return (
    <Modal
      open
      onClose={onClose}
      title={`${label} ${document.number ?? ''} per E-Mail senden`.replace(/\s+/g, ' ')}
      primaryAction={{ content: 'Senden', onAction: submit, loading: send.isPending }}
      secondaryActions={[{ content: 'Abbrechen', onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {serverError ? (
            <Banner tone="critical" title="Die E-Mail wurde nicht gesendet">
              <p>{serverError}</p>
            </Banner>
          ) : null}
          <FormLayout>
            <TextField
              label="Empfänger"
              type="email"
              value={email}
              onChange={(v) => edit('email', () => setEmail(v))}
              error={errors.email}
              autoComplete="email"
            />
            <TextField
              label="Kopie an (BCC)"
              type="email"
              value={copy}
              onChange={(v) => edit('copy', () => setCopy(v))}
              error={errors.copy}
              helpText="Eine Blindkopie, z. B. für deine Buchhaltung; der Empfänger sieht sie nicht."
              autoComplete="email"
            />
            <TextField
              label="Betreff"
              value={subject}
              onChange={(v) => edit('subject', () => setSubject(v))}
              maxLength={LIMITS.mailSubject}
              showCharacterCount
              error={errors.subject}
              autoComplete="off"
            />
            <TextField
              label="Nachricht"
              value={message}
              onChange={(v) => edit('message', () => setMessage(v))}
              multiline={6}
              maxLength={LIMITS.mailMessage}
              error={errors.message}
              helpText="Leer lassen für den Text aus deinen Einstellungen."
              autoComplete="off"
            />
            <TextField
              label="Signatur"
              value={signature}
              onChange={(v) => edit('signature', () => setSignature(v))}
              multiline={3}
              maxLength={LIMITS.mailMessage}
              error={errors.signature}
              helpText="Steht unter der Nachricht."
              autoComplete="off"
            />
            <BlockStack gap="200">
              <Text as="p">{`Weitere Anhänge (bis zu ${LIMITS.attachments} Links auf PDF-, Word- oder Bilddateien)`}</Text>
              {attachments.map((url, index) => (
                <TextField
                  key={index}
                  label={`Anhang ${index + 1}`}
                  labelHidden
                  placeholder="https://…/datei.pdf"
                  value={url}
                  onChange={(v) =>
                    edit(`attachments.${index}`, () =>
                      setAttachments(attachments.map((old, i) => (i === index ? v : old))),
                    )
                  }
                  error={attachmentError(index)}
                  autoComplete="off"
                  connectedRight={
                    <Button
                      icon={DeleteIcon}
                      accessibilityLabel={`Anhang ${index + 1} entfernen`}
                      onClick={() => setAttachments(attachments.filter((_, i) => i !== index))}
                    />
                  }
                />
              ))}
              {errors.attachments ? (
                <Text as="p" tone="critical">
                  {errors.attachments}
                </Text>
              ) : null}
              <InlineStack>
                <Button
                  disabled={attachments.length >= LIMITS.attachments}
                  onClick={() => setAttachments([...attachments, ''])}
                >
                  Anhang hinzufügen
                </Button>
              </InlineStack>
            </BlockStack>
          </FormLayout>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
