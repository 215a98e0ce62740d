import { erasureEmailMessage, erasureWebhookPayload } from './erasure-message';

const ids = (count: number) => Array.from({ length: count }, (_, i) => `6f1c0b1e-3c1f-4f7e-9f55-${String(i).padStart(12, '0')}`);

describe("the notice to sales of a person's own erasure", () => {
  it("names each lead's id and what to delete, and nothing else", () => {
    const [id] = ids(1);
    const email = erasureEmailMessage([id!]);
    expect(email.subject).toBe('A lead was erased by the person');
    expect(email.text.split('\n')[0]).toBe(`Lead ${id} erased by the person: delete its chat notice and sales email`);
    expect(erasureWebhookPayload([id!]).text).toBe(`Lead ${id} erased by the person: delete its chat notice and sales email`);
  });

  it('keeps every Slack section under its 3,000 characters, however many leads', () => {
    const payload = erasureWebhookPayload(ids(45));
    const sections = payload.blocks.filter((block) => block.type === 'section');
    expect(sections).toHaveLength(3);
    for (const section of sections) expect(section.text.text.length).toBeLessThan(3000);
    expect(payload.blocks[0]!.text.text).toBe('45 leads were erased by the person');
    expect(payload.text.split('\n')).toHaveLength(45);
  });
});
