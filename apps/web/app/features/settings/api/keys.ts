/** Query keys of the settings; a save invalidates `all` (the public view included). */
export const settingsKeys = {
  all: ['settings'] as const,
  public: () => ['settings', 'public'] as const,
  admin: () => ['settings', 'admin'] as const,
  history: () => ['settings', 'admin', 'history'] as const,
};
