/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { type EmailAdvice, useEmailAdvice } from './use-email-advice';

const advice = (kind: EmailAdvice['kind'], suggestion: string | null = null) => ({ kind, suggestion }) as EmailAdvice;

function setUp({ typed, answer }: { typed?: string; answer: (address: string) => Promise<EmailAdvice> }) {
  const check = jest.fn(answer);
  const onDisposable = jest.fn();
  const { result } = renderHook(() => useEmailAdvice({ fieldId: 'email', typed: () => typed, onDisposable, check }));
  return { result, check, onDisposable };
}

describe('useEmailAdvice', () => {
  it('suggests the likely address, and clears the advice when the visitor types again', async () => {
    const { result } = setUp({ answer: async () => advice('BUSINESS', 'ana@gmail.com') });
    await act(() => result.current.checkAddress('ana@gmial.com'));
    expect(result.current.advice).toEqual(advice('BUSINESS', 'ana@gmail.com'));
    act(() => result.current.clear());
    expect(result.current.advice).toBeNull();
  });

  it('hints at free mail, and calls a disposable address an error', async () => {
    const free = setUp({ answer: async () => advice('FREE') });
    await act(() => free.result.current.checkAddress('ana@gmail.com'));
    expect(free.result.current.advice?.kind).toBe('FREE');
    expect(free.onDisposable).not.toHaveBeenCalled();
    const disposable = setUp({ answer: async () => advice('DISPOSABLE') });
    await act(() => disposable.result.current.checkAddress('ana@mailinator.com'));
    expect(disposable.onDisposable).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for what is not an address, and advises nothing when the check fails', async () => {
    const { result, check } = setUp({ answer: async () => Promise.reject(new Error('offline')) });
    await act(() => result.current.checkAddress('ana@'));
    expect(check).not.toHaveBeenCalled();
    await act(() => result.current.checkAddress('ana@agencia.es'));
    expect(check).toHaveBeenCalledWith('ana@agencia.es');
    expect(result.current.advice).toBeNull();
  });

  it('advises on an address typed before the form hydrated, once it has', async () => {
    const { result, check } = setUp({ typed: 'ana@gmial.com', answer: async () => advice('BUSINESS', 'ana@gmail.com') });
    await waitFor(() => expect(result.current.advice?.suggestion).toBe('ana@gmail.com'));
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('waits for the blur when the visitor is still in the field', () => {
    const input = document.body.appendChild(Object.assign(document.createElement('input'), { id: 'email' }));
    input.focus();
    const { check } = setUp({ typed: 'ana@gmial.com', answer: async () => advice('FREE') });
    expect(check).not.toHaveBeenCalled();
    input.remove();
  });
});
