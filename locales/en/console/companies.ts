/** English texts of the company and tenant screens (under `app.companies` and `app.tenants`). */
export const companies = {
  people: 'Users and invites',
  users: 'Users',
  invite_email: 'Invite by email',
  invite: 'Invite',
  invalid_email: 'Please enter a valid email address.',
  invited: 'Invitation for %{email} created.',
  pending_invites: 'Pending invites',
  no_invites: 'No pending invites.',
  sent: 'Sent',
  code: 'Invite code',
  code_help: 'The code from the invitation, e.g. ABCD-EFGH-JKLM.',
  copy_code: 'Copy code',
  copied: 'Copied',
  delete_invite: 'Delete invite',
  delete_invite_title: 'Delete the invite for %{email}?',
  join: 'Join with an invite code',
  join_submit: 'Join',
  joined: 'You joined the company.',
  invalid_code: 'This invite code is not valid or has already been used.',
  already_member: 'You are already a member of this company.',
  // Plan names are product names (spec §9), the same in every language.
  plans: { free: 'Free', basic: 'Basic', pro: 'Pro', premium: 'Premium', enterprise: 'Enterprise' },
  plan_notice: 'Plan: %{plan}. %{retention} To change the plan, contact support.',
  retention_days: 'Time series are kept for %{days} days.',
  retention_forever: 'Time series are kept for good.',
};

export const tenants = {
  preview: 'Preview of the navigation bar',
  invalid_url: 'Enter a web address starting with http:// or https://.',
  invalid_color: 'Enter a colour as # and six hexadecimal digits, e.g. #3B82F6.',
  color_help: 'For example #3B82F6',
};
