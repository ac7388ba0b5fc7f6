type NavigatorWithUAData = Navigator & { userAgentData?: { mobile?: boolean } };

const MOBILE_USER_AGENT = /Android.+Mobile|iPhone|iPod|Windows Phone|BlackBerry|IEMobile|Opera Mini|Mobi/i;

/** A phone, judged by what the browser says it is; a narrow desktop window is not a phone. */
export function isMobileDevice(nav: NavigatorWithUAData = navigator): boolean {
  if (nav.userAgentData?.mobile) return true;
  return MOBILE_USER_AGENT.test(nav.userAgent);
}
