import { useEffect } from 'react';
import { useUserState } from '../stores/hooks';
import { chatConfig, identifyUser, loadChatWidget } from './chat';

const config = chatConfig();

/** Loads the configured support chat and identifies the signed-in user to it. */
export function SupportChat() {
  const { user } = useUserState();
  useEffect(() => {
    if (config) loadChatWidget(config);
  }, []);
  useEffect(() => {
    if (!config || !user) return;
    return identifyUser(user);
  }, [user]);
  return null;
}
