import { describe, expect, it } from 'vitest';
import { profileSidebarGroups, sidebarRoutes } from './nav.ts';

describe('the customer area sidebar', () => {
  it('lists every screen of the profile layout once, in sections', () => {
    const grouped = profileSidebarGroups().flatMap((section) => section.routes.map((r) => r.id));
    const all = sidebarRoutes('profile').map((route) => route.id);
    expect([...grouped].sort()).toEqual([...all].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('opens with the exchange screens and keeps passwords, two-factor and privacy together', () => {
    const sections = profileSidebarGroups();
    expect(sections[0]?.routes.map((r) => r.id)).toEqual(['profileExchangeNow', 'profileMyOrders']);
    const security = sections.find((section) => section.group === 'security');
    expect(security?.routes.map((r) => r.id).sort()).toEqual(
      ['profileChangePassword', 'profileNotifications', 'profilePrivacy', 'profileSecurity'].sort(),
    );
  });
});
