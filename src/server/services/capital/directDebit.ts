/**
 * The bank's side of a direct-debit mandate (capital spec §3 direct_debit, §4's statuses). A real bank takes the
 * request and later answers with the mandate's status; here it is simulated like the card network: the request sends
 * the signatory the SMS §4 names ("SMS sent with instructions"), and a development call
 * (`POST /dev/capital/loans/{id}/mandate`) answers for the bank. A real bank replaces `requestMandate` and calls the
 * capital service's `mandateDecided` from its callback.
 */
import type { Language } from '../../../domain/language';
import type { OutboxService } from '../outbox';

export interface DirectDebitBank {
  requestMandate(request: { loanId: string; phone: string; language: Language }): Promise<void>;
}

export function simulatedBank(outbox: OutboxService, words: Record<Language, string>): DirectDebitBank {
  return {
    async requestMandate({ phone, language }) {
      await outbox.send({
        to: phone,
        channel: 'sms',
        subject: 'Direct debit mandate',
        body: words[language],
      });
    },
  };
}
