/** API URLs of the admin-reporting feature (spread into apiPaths in ../paths.ts). */
export const decriptoPaths = {
  adminDecriptoMonths: () => '/api/v1/admin/decripto',
  adminDecriptoGenerate: (month: string) =>
    `/api/v1/admin/decripto/${encodeURIComponent(month)}/versions`,
  adminDecriptoFile: (month: string, version: number) =>
    `/api/v1/admin/decripto/${encodeURIComponent(month)}/versions/${version}/file`,
  adminDecriptoSent: (month: string, version: number) =>
    `/api/v1/admin/decripto/${encodeURIComponent(month)}/versions/${version}/sent`,
};
