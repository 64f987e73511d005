export const DEVICES = ['mobile', 'web'] as const;
export type Device = (typeof DEVICES)[number];

// Spec §7: exactly these user-agent markers mean a mobile device.
const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|BlackBerry|webOS|IEMobile|Opera Mini/i;

export function detectDevice(userAgent: string): Device {
  return MOBILE_USER_AGENT.test(userAgent) ? 'mobile' : 'web';
}
