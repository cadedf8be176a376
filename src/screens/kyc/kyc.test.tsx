// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import '../../i18n/setup';
import type * as Compress from '../../components/form/image-compress';
import KycScreen from './kyc-screen';
import { renderAt } from '../../../tests/support/render-screen';
import { screenHooks } from '../../../tests/support/screen-hooks';
import { typeInto } from '../../../tests/support/type-keys';

// jsdom has no canvas: compression is covered by its own maths test; here the original is kept.
vi.mock('../../components/form/image-compress', async (importOriginal) => ({
  ...(await importOriginal<typeof Compress>()),
  compressImage: (file: Blob) => Promise.resolve(file),
}));

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const base = {
  idStatus: 'none',
  certType: null,
  fullName: null,
  certNumberMasked: null,
  taxIdMasked: null,
  frontImageId: null,
  backImageId: null,
  reason: null,
  submittedAt: null,
  reviewedAt: null,
};
const pending = {
  ...base,
  idStatus: 'pending',
  certType: 'passport',
  fullName: 'Ayşe Yılmaz',
  certNumberMasked: 'U1******9',
  taxIdMasked: '12******90',
  frontImageId: 'f1',
  backImageId: 'b1',
  submittedAt: 1767225600000,
};

let state: Record<string, unknown> = base;
let submitted: {
  fields: Record<string, string>;
  files: Record<string, { type: string; size: number }>;
  token: string | null;
  type: string;
} | null = null;
let imageRequests: (string | null)[] = [];

const server = setupServer(
  http.get(`${API}/user/auth`, () => ok(state)),
  http.get(`${API}/user/login/info`, () =>
    ok({ user: { status: 1, id: '1', account: 'a@b.co', idStatus: state.idStatus }, openAutoApply: 0 }),
  ),
  http.post(`${API}/user/auth/submit`, async ({ request }) => {
    const type = request.headers.get('content-type') ?? '';
    const form = await request.formData();
    const fields: Record<string, string> = {};
    const files: Record<string, { type: string; size: number }> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else files[name] = { type: value.type, size: value.size };
    }
    submitted = { fields, files, token: request.headers.get('accesstoken'), type };
    state = pending;
    return ok(state);
  }),
  http.get(`${API}/user/auth/image`, ({ request }) => {
    imageRequests.push(request.headers.get('accesstoken'));
    return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), {
      headers: { 'content-type': 'image/jpeg' },
    });
  }),
);

// jsdom's FormData and Blob are foreign to Node's fetch (which drops the file bytes); a browser has
// one realm. Node's own classes stand in, so the multipart body is what a browser would send.
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData;
const NodeBlob = (await new Response('').blob()).constructor as typeof Blob;
vi.stubGlobal('FormData', NodeFormData);

const created: string[] = [];
const revoked: string[] = [];
beforeAll(() => {
  URL.createObjectURL = () => {
    const url = `blob:test/${created.length}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
screenHooks(server, {
  reset: () => {
    state = base;
    submitted = null;
    imageRequests = [];
    history.replaceState(null, '', '/pages/user/kyc');
  },
});

function renderScreen() {
  return renderAt('/pages/user/kyc', '/pages/user/kyc', KycScreen);
}

const pick = (testId: string, file: Blob) =>
  fireEvent.change(screen.getByTestId(testId), { target: { files: [file] } });
const jpeg = () => new NodeBlob([new Uint8Array(2048)], { type: 'image/jpeg' });

describe('KYC', () => {
  it('validates with the shared rules before sending anything', async () => {
    renderScreen();
    expect((await screen.findByTestId('kyc-status')).textContent).toBe('Doğrulanmadı');
    typeInto('kyc-full-name', 'Al');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(await screen.findByText('Ad soyad en az 3 karakter olmalıdır.')).toBeTruthy();
    expect(screen.getByText('Belge numarası alanı zorunludur.')).toBeTruthy();
    expect(screen.getByText('Ön yüz alanı zorunludur.')).toBeTruthy();
    expect(submitted).toBeNull();
  });

  it('refuses digits as a name and a tax number that is not a T.C. identity number, localized', async () => {
    renderScreen();
    await screen.findByTestId('kyc-status');
    typeInto('kyc-full-name', '12345');
    typeInto('kyc-tax-id', '12345678951');
    fireEvent.click(screen.getByTestId('kyc-submit'));
    expect(
      await screen.findByText('Adınızı ve soyadınızı belgenizdeki gibi, yalnızca harflerle yazın.'),
    ).toBeTruthy();
    expect(screen.getByText('Geçerli bir T.C. kimlik numarası girin (11 hane).')).toBeTruthy();
    expect(submitted).toBeNull();
  });

  it('says before anything is refused that the tax number is the 11-digit T.C. identity number, on a digit keypad', async () => {
    renderScreen();
    await screen.findByTestId('kyc-status');
    const taxId = screen.getByTestId('kyc-tax-id');
    expect(taxId.getAttribute('inputmode')).toBe('numeric');
    // Letters typed (or pasted with spaces) are not taken: only the digits stay.
    typeInto('kyc-tax-id', '12a34');
    expect((taxId as HTMLInputElement).value).toBe('1234');
    typeInto('kyc-tax-id', '123 456 789 01');
    expect((taxId as HTMLInputElement).value).toBe('12345678901');
    const hint = document.getElementById(taxId.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      '11 haneli T.C. kimlik numaranız: bireylerde vergi kimlik numarası olarak da kullanılır.',
    );
  });

  it('rejects files that are not JPEG, PNG or WebP', async () => {
    renderScreen();
    await screen.findByTestId('kyc-front');
    pick('kyc-front', new NodeBlob(['%PDF'], { type: 'application/pdf' }));
    expect(
      await screen.findByText('Yalnızca JPEG, PNG veya WebP görüntüleri yükleyebilirsiniz.'),
    ).toBeTruthy();
  });

  it('submits the fields and both images as multipart, then shows the pending view', async () => {
    renderScreen();
    await screen.findByTestId('kyc-cert-type');
    fireEvent.change(screen.getByTestId('kyc-cert-type'), { target: { value: 'passport' } });
    typeInto('kyc-full-name', '  Ayşe Yılmaz ');
    typeInto('kyc-cert-number', 'U12345679');
    typeInto('kyc-tax-id', '10000000146');
    pick('kyc-front', jpeg());
    pick('kyc-back', jpeg());
    await waitFor(() => expect(screen.getAllByRole('img', { name: /önizlemesi/ })).toHaveLength(2));
    fireEvent.click(screen.getByTestId('kyc-submit'));
    await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('İnceleniyor'));
    expect(submitted?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(submitted?.token).toBe('tok');
    expect(submitted?.fields).toEqual({
      certType: 'passport',
      fullName: 'Ayşe Yılmaz',
      certNumber: 'U12345679',
      taxId: '10000000146',
    });
    expect(submitted?.files).toEqual({
      front: { type: 'image/jpeg', size: 2048 },
      back: { type: 'image/jpeg', size: 2048 },
    });
    const summary = await screen.findByTestId('kyc-summary');
    expect(summary.textContent).toContain('U1******9');
    expect(summary.textContent).toContain('Pasaport');
  });

  it('loads submitted images with the token and revokes their URLs on unmount', async () => {
    state = pending;
    const view = renderScreen();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /yüz/ })).toHaveLength(2));
    expect(imageRequests).toEqual(['tok', 'tok']);
    const shown = screen.getAllByRole('img', { name: /yüz/ }).map((img) => img.getAttribute('src'));
    view.unmount();
    for (const url of shown) expect(revoked).toContain(url);
  });

  it('shows the reason of a failure and lets the user submit again', async () => {
    state = { ...pending, idStatus: 'fail', reason: 'Fotoğraf okunamıyor' };
    renderScreen();
    expect((await screen.findByTestId('kyc-fail-reason')).textContent).toBe('Fotoğraf okunamıyor');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('kyc-resubmit'));
    expect(screen.getByTestId('kyc-submit')).toBeTruthy();
    expect(screen.getByTestId('kyc-status').textContent).toBe('Doğrulama başarısız');
  });

  it('shows the verified state', async () => {
    state = { ...pending, idStatus: 'succ' };
    renderScreen();
    expect((await screen.findByTestId('kyc-status')).textContent).toBe('Doğrulandı');
    expect(screen.queryByTestId('kyc-submit')).toBeNull();
    expect(screen.queryByTestId('kyc-resubmit')).toBeNull();
  });
});
