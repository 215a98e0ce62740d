import { currentTopic, segmentId, TOPIC_CODES } from './segments';

describe('topic ids', () => {
  it('takes a renamed topic’s old id as the topic, and leaves any other id as given', () => {
    expect(currentTopic('health-wellness')).toBe('wellness-active-living');
    expect(currentTopic('wellness-active-living')).toBe('wellness-active-living');
    expect(currentTopic('automotive')).toBe('automotive');
    // Not an object's own keys: a visitor's ?topic=constructor is just an unknown topic.
    expect(currentTopic('constructor')).toBe('constructor');
    expect(currentTopic('')).toBe('');
  });

  it('keeps the renamed topic’s segment-id code, which seats already quote', () => {
    expect(TOPIC_CODES[currentTopic('health-wellness')]).toBe('WELLNESS');
    expect(segmentId('ES', 'wellness-active-living', 'runners')).toBe('SGM-ES-WELLNESS-RUNNERS');
    expect(() => segmentId('ES', 'health-wellness', 'runners')).toThrow('No segment code for topic "health-wellness"');
  });
});
