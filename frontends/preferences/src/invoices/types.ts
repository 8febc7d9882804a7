import type { DeliveryDate, InvoicePreferences } from '@belegfluss/shared';
import type { SectionForm } from '../form/use-section-form';

export type InvoiceForm = SectionForm<InvoicePreferences>;
export type { DeliveryDate, InvoicePreferences };
