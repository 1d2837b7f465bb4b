import type { TransactionRepositories } from '../context.js';
import type { Invite } from '../schemas/invites.js';
import { mailLanguage } from './catalogue.js';

/** Where the invite mail's button leads: the companies page, which offers to join with the code. */
export const inviteLink = (publicUrl: string, code: string): string => `${publicUrl}/companies?invite=${encodeURIComponent(code)}`;

/**
 * Queues the invitation to the invite's address, in the caller's transaction: the company, who
 * invites, the role, the code and the link. In the invitee's language
 * when they have an account, else in the inviter's.
 */
export async function queueInviteMail(repos: TransactionRepositories, invite: Invite, inviterId: string, publicUrl: string, at: Date): Promise<void> {
  const inviter = await repos.users.findById(inviterId);
  const company = await repos.companies.planOf(invite.company_id);
  if (!inviter || !company) return;
  const invitee = await repos.users.findByEmail(invite.email);
  const inviterName = [inviter.first_name, inviter.last_name].filter(Boolean).join(' ') || inviter.email;
  await repos.mailOutbox.enqueue(
    {
      recipient: invite.email,
      language: mailLanguage(invitee?.language ?? inviter.language),
      content: {
        template: 'invite',
        params: { inviter: inviterName, company: company.name, code: invite.code, link: inviteLink(publicUrl, invite.code), role: invite.role },
      },
    },
    at.toISOString(),
  );
}
